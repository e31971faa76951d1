CREATE VIEW rental.station_daily_usage AS
 SELECT s.station_code,
    (r.started_at)::date AS ride_day,
    count(*) AS rides_started,
    count(r.ended_at) AS rides_ended,
    round(((sum(r.distance_m) FILTER (WHERE (r.distance_m >= 0)))::numeric / 1000.0), 1) AS total_distance_km
   FROM (rental.ride r
     JOIN rental.station s ON ((s.station_id = r.start_station_id)))
  GROUP BY s.station_code, ((r.started_at)::date);
