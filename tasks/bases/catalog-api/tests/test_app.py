from app import app


def test_health():
    response = app.test_client().get("/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_unknown_product_is_404():
    assert app.test_client().get("/products/sku-999").status_code == 404
