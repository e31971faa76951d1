CREATE TABLE `telemetry.trip`
(
  trip_id INT64 NOT NULL,
  vehicle_id INT64 NOT NULL,
  status STRING NOT NULL,
  is_paid BOOL NOT NULL,
  started_at TIMESTAMP NOT NULL,
  ended_at TIMESTAMP,
  distance_km FLOAT64 NOT NULL,
  tags ARRAY<STRING>,
  driver_phone STRING NOT NULL
);
