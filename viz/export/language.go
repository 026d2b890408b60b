package export

// LanguageInfo is the notebook language_info of the stepviz cell language,
// the same in the kernel's kernel_info_reply and in every .ipynb stepviz
// writes (exports, the web notebook, examples/). codemirror_mode and
// pygments_lexer name modes that exist (CodeMirror's shell mode, shipped
// with the classic Notebook; Pygments' bash lexer), so a notebook neither
// asks for a CodeMirror mode file named after stepviz that nobody serves nor makes
// nbconvert warn "No lexer found for language 'stepviz'": cells are
// highlighted as a shell language (comments, words, key=value), which is
// what the cell language looks like.
func LanguageInfo() map[string]any {
	return map[string]any{
		"name":            "stepviz",
		"version":         "1.0",
		"mimetype":        "text/x-stepviz",
		"file_extension":  ".stepviz",
		"codemirror_mode": "shell",
		"pygments_lexer":  "bash",
	}
}
