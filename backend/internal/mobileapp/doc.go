// Package mobileapp is the portal's side of the native iOS/Android shell (issue 5): CORS for the
// app's own webview origins only (capacitor://localhost, https://localhost), so the bundled app
// may call the BFF with credentials while browsers elsewhere may not; and the association
// files that let the portal's links open the app (Android App Links' assetlinks.json, iOS
// Universal Links' apple-app-site-association).
package mobileapp
