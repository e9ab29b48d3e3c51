package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDecodesAlertmanagerPayload(t *testing.T) {
	var hook webhook
	body := `{"alerts":[{"status":"firing","labels":{"alertname":"DiskFull"}}]}`
	if err := json.NewDecoder(strings.NewReader(body)).Decode(&hook); err != nil {
		t.Fatal(err)
	}
	if hook.Alerts[0].Labels["alertname"] != "DiskFull" {
		t.Fatalf("got %+v", hook)
	}
}
