// Package mcp stubs the MCP Go SDK's registration API, with its import path, for the analyzer's
// tests of hand registrations.
package mcp

import "context"

type Server struct{}

type Tool struct {
	Meta         map[string]any
	Annotations  *ToolAnnotations
	Description  string
	InputSchema  any
	Name         string
	OutputSchema any
	Title        string
}

type ToolAnnotations struct{}

type CallToolRequest struct{}

type CallToolResult struct{}

type ToolHandler func(context.Context, *CallToolRequest) (*CallToolResult, error)

type ToolHandlerFor[In, Out any] func(_ context.Context, request *CallToolRequest, input In) (result *CallToolResult, output Out, _ error)

func AddTool[In, Out any](s *Server, t *Tool, h ToolHandlerFor[In, Out]) {}

func (s *Server) AddTool(t *Tool, h ToolHandler) {}
