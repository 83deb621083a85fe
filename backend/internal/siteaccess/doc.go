// Package siteaccess derives a client's site access (spec 1 §3: Portfolio, Assets, Messages or
// NotAssigned) from the description of their client_access_level, matched against the three
// lists of the site configuration, exactly as the browser does, so that the BFF can refuse
// portfolio data to a client whose site access does not include it (spec 1 §6).
package siteaccess
