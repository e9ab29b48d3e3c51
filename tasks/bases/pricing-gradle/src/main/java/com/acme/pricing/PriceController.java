package com.acme.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PriceController {
    private static final Map<String, BigDecimal> LIST_PRICES = Map.of("SKU-100", new BigDecimal("19.90"), "SKU-200", new BigDecimal("4.50"));

    private final BigDecimal vatRate;

    public PriceController(@Value("${pricing.vat-rate}") BigDecimal vatRate) {
        this.vatRate = vatRate;
    }

    @GetMapping("/prices/{sku}")
    public Map<String, Object> price(@PathVariable String sku, @RequestParam(defaultValue = "1") int quantity) {
        BigDecimal net = LIST_PRICES.getOrDefault(sku, BigDecimal.ZERO).multiply(BigDecimal.valueOf(quantity));
        BigDecimal gross = net.multiply(BigDecimal.ONE.add(vatRate)).setScale(2, RoundingMode.HALF_UP);
        return Map.of("sku", sku, "net", net, "gross", gross);
    }
}
