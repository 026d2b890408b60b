// Package templates holds stepviz's templ components: the live lecture
// viewer's landing and session pages (landing.templ, session.templ) and the
// web notebook's pages (notebook*.templ). Pages are exported functions
// returning templ.Component; the pieces they are built from are private.
// Every element a test looks for carries a stable data-testid attribute.
package templates
