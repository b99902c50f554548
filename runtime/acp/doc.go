// Package acp builds, validates and reads Agent Chat Protocol (ACP) cards:
// the interactive carousel, detail, form, review and custom element-tree
// cards that Agentverse and ASI:One draw from a MetadataContent block of a
// ChatMessage.
//
// The wire format mirrors the reference implementation, the pydantic models
// of fetchai/uAgents uagents-core (uagents_core.contrib.protocols.chat and
// its cards subpackage):
//
//   - Payload types (CarouselPayload, DetailPayload, FormPayload,
//     ReviewPayload, CustomPayload) encode exactly as
//     model_dump_json(exclude_none=True) does: absent optionals are omitted,
//     defaults that are not None (CTA.primary, required, heading level,
//     multi) are always written, keys keep the reference's field order.
//   - ValidatePayload checks raw JSON as strictly as the reference's
//     extra="forbid" models plus the card limits (64 KB, taken as 64,000
//     bytes; depth 8; flat selections) and reports every problem with a
//     JSON path.
//   - Every pick on a card must come back as a reply the agent can tell
//     apart, because the reply is only the CTA's selection and what the user
//     entered, in one object. So validation also refuses what the reference
//     lets through: two carousel items with one id, two CTAs, buttons or
//     list rows with one selection, two fields, inputs or choice grids with
//     one name, two options or choices of one field with one value, and a
//     field named like a key of the selection it is sent with. FitCarousel
//     drops the later of repeated carousel items, so a carousel built from
//     data with a repeated id is still sent.
//   - Metadata and NewCardMessage wrap a payload into the metadata keys and
//     the ChatMessage that carry it; ChatMessage and ChatAcknowledgement
//     marshal byte for byte as a uAgents envelope payload.
//   - ParseResponse reads the user's reply in any of its three forms: a JSON
//     selection, planner prose, or a card-response MetadataContent.
//
// The package stands alone: it imports only the standard library and
// github.com/google/uuid.
package acp
