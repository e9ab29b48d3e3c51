CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  customer text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
