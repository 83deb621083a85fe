// Package platform is the embedded planning platform, the system of record, and the client the
// BFF uses to reach it. It speaks the wire conventions of the planning platform the spec was
// written against (an XPLAN-style "resourceful" API): 401 without a session; HTTP Basic auth
// plus an X-Xplan-App-Id header creates a session kept in an XPLANID cookie; a second-factor
// code travels joined to the password; errors are {"user_message","api_message"}.
//
// The BFF reaches it only through Client, in process by default, so that pointing the portal at
// a remote platform changes the transport and nothing else. The platform is not mounted on the
// portal's public listener: the browser talks to the BFF alone.
package platform
