module github.com/acme/fleet/api

go 1.23
