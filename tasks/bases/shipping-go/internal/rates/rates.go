// Package rates prices a parcel by destination zone and weight.
package rates

// Quote is what the checkout shows for one carrier.
type Quote struct {
	Carrier string `json:"carrier"`
	Cents   int    `json:"cents"`
}

// Table holds the price per started kilogram for each zone.
type Table struct {
	perKilo map[string]int
	zones   map[string]string
}

// Default is the tariff agreed with the carrier for this year.
func Default() Table {
	return Table{
		perKilo: map[string]int{"domestic": 450, "eu": 900, "world": 2100},
		zones:   map[string]string{"DE": "domestic", "FR": "eu", "NL": "eu", "AT": "eu"},
	}
}

// Quote prices `grams` to `country`; unknown countries are in the world zone.
func (t Table) Quote(country string, grams int) Quote {
	zone, ok := t.zones[country]
	if !ok {
		zone = "world"
	}
	kilos := (grams + 999) / 1000
	return Quote{Carrier: "acme-post", Cents: kilos * t.perKilo[zone]}
}
