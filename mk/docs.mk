# Docs: every Swift snippet of README.md, docs/*.md and the public API's doc comments compiles (Tests/DocSnippetTests).

# `make test` fails when Tests/DocSnippetTests/DocSnippets.swift does not match the docs.
TEST_CHECKS += check-doc-snippets

.PHONY: doc-snippets check-doc-snippets public-api-count

## doc-snippets: rewrite Tests/DocSnippetTests/DocSnippets.swift from the ```swift blocks of the docs and of the
## doc comments of BehaviorLog, BehaviorLogHTTP and BehaviorLogTesting.
doc-snippets:
	python3 mk/doc-snippets.py

## check-doc-snippets: fail when the docs' snippets changed and DocSnippets.swift was not rewritten
## (the Swift tests, which `make test` runs first, compile it).
check-doc-snippets:
	python3 mk/doc-snippets.py --check

## public-api-count: the public declarations of the libraries an app links (symbol graphs).
public-api-count: deps
	$(SWIFT) build --target BehaviorLogHTTP --target BehaviorLogTesting --target LogQuery
	python3 mk/public-api-count.py $(BIN)
