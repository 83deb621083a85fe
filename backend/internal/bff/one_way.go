package bff

import "net/http"

// clientWrites are the rows by which a client sends a message: a new message or reply, and its
// attachments.
var clientWrites = map[string]bool{"docnote-v2": true, "docnote-v2/{id}/attachment-v3": true}

// OneWayRefuses reports whether one-way messaging (site-config settings.documents
// .oneWayMessaging) refuses a call: with it on, the firm writes to its clients and they only
// read, so no Compose or Reply (spec 3 §2.1, §4.1) and the BFF refuses the writes behind them.
func OneWayRefuses(oneWay bool, call Call) bool {
	return oneWay && call.Method == http.MethodPost && clientWrites[call.Route.Path]
}

// oneWayRefuses is OneWayRefuses with the site configuration's current setting; without a
// usable configuration the setting is off, its default.
func (h *Handler) oneWayRefuses(call Call) bool {
	lists, err := h.siteAccess.Lists()
	return err == nil && OneWayRefuses(lists.Documents.OneWayMessaging, call)
}
