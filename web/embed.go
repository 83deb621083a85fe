// Package web embeds the built web app (web/dist, made by `npm run build -w web`) into the Go
// binary. It lives here because go:embed cannot reach a parent folder.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built web app, rooted at its top folder.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // impossible: "dist" is a valid path inside the embed
	}
	return sub
}
