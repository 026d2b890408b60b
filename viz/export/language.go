package export

import "stepviz/ipynb"

// LanguageInfo is the notebook language_info of the stepviz cell language,
// the same in the kernel's kernel_info_reply and in every .ipynb stepviz
// writes (exports, the web notebook, examples/). codemirror_mode and
// pygments_lexer name modes that exist (ipynb.LanguageInfo says which).
func LanguageInfo() map[string]any { return ipynb.LanguageInfo() }
