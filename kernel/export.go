package kernel

// exportFormats lists the formats export accepts.
func exportFormats() []string {
	return []string{"json", "jsonl", "csv", "md", "tex", "svg", "tree-svg", "problem-svg", "dot", "html", "posthoc", "ipynb"}
}

// export is not wired yet: the export package is being written.
func (s *Session) export(c Command, emit func(Output)) error {
	return errorf("export is not available in this build yet; the formats will be %v", exportFormats())
}
