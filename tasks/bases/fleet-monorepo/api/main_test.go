package main

import (
	"encoding/json"
	"testing"
)

func TestPositionJSON(t *testing.T) {
	var p position
	if err := json.Unmarshal([]byte(`{"van":"B-AC 123","lat":52.5,"lon":13.4}`), &p); err != nil {
		t.Fatal(err)
	}
	if p.Van != "B-AC 123" || p.Lat != 52.5 {
		t.Fatalf("got %+v", p)
	}
}
