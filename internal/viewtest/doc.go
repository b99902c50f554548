// Package viewtest holds the browser tests of cardgen's MCP Apps views: the
// result card and the starter view of runtime/apps, the markdown card of
// runtime/mdcard and the views that examples/shop serves (found as a host
// finds them: tools/list, then resources/read). It has no code of its own
// outside its tests.
//
// Each test runs a view in headless Chromium against the official host
// bridge (AppBridge from @modelcontextprotocol/ext-apps, through
// internal/apphost) and feeds it the CallToolResult that the real server
// returns: examples/shop and the create_markdown_card tool, called in-process
// with the Go SDK client. The tests check the handshake, the rendered text,
// the reported size, the theme, the requests that buttons, hovers and menus
// send, that hostile data stays text, and the answer to ui/resource-teardown.
//
// Run them with
//
//	internal/apphost/setup.sh   # once: the npm packages of the host page
//	go test ./internal/viewtest
//
// Every run writes a PNG of each card it draws into the test's temporary
// folder, or into the folder named by the environment variable
// VIEWTEST_SCREENSHOTS. With -update-screenshots it also rewrites the
// committed screenshot docs/img/get_order-card.png:
//
//	go test ./internal/viewtest -run TestResultCardShop/get_order -args -update-screenshots
package viewtest
