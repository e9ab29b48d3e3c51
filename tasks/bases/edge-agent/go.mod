module github.com/acme/edge-agent

go 1.22
