// Command extractor-regex is compactguard's reference extractor plugin. The
// host starts it over hashicorp/go-plugin; it is not meant to be run by
// hand. It serves extractor.Extractor, whose rules live in HCL rule packs
// (package rules). See README.md for what it extracts and why.
package main
