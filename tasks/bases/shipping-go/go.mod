module github.com/acme/shipping

go 1.23
