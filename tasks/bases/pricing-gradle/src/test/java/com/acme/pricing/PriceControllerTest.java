package com.acme.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PriceControllerTest {
    @Test
    void addsVat() {
        Map<String, Object> price = new PriceController(new BigDecimal("0.19")).price("SKU-100", 2);
        assertThat(price.get("gross")).isEqualTo(new BigDecimal("47.36"));
    }
}
