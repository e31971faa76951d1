CREATE TABLE `telemetry.vehicle`
(
  vehicle_id INT64 NOT NULL,
  kind STRING NOT NULL,
  depot_id INT64,
  in_service_since DATE NOT NULL
);
