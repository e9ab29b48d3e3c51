package rates

import "testing"

func TestQuote(t *testing.T) {
	cases := []struct {
		country string
		grams   int
		cents   int
	}{
		{"DE", 500, 450},
		{"FR", 1001, 1800},
		{"JP", 2000, 4200},
	}
	for _, c := range cases {
		if got := Default().Quote(c.country, c.grams).Cents; got != c.cents {
			t.Errorf("Quote(%s, %d) = %d, want %d", c.country, c.grams, got, c.cents)
		}
	}
}
