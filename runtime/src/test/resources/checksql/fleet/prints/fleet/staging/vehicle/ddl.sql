CREATE TABLE `staging.vehicle`
(
  vehicle_id INT64 NOT NULL,
  kind STRING NOT NULL
);
