# The README's commands. Each installs what it needs first (scripts/setup.sh).
.PHONY: serve test dist bench
serve:  ## build the release site and serve it on http://127.0.0.1:8080/
	bash scripts/serve.sh
test:   ## every check and test (what CI runs)
	bash scripts/test.sh
dist:   ## dist/ for any static host, at any sub-path
	bash scripts/dist.sh
bench:  ## first-load size and time to interactive, printed
	bash scripts/bench.sh
