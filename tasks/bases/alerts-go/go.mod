module github.com/acme/alerts-relay

go 1.22
