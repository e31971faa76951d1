CREATE TABLE rental.ride (
    ride_id bigint NOT NULL,
    bike_id integer NOT NULL,
    customer_id integer NOT NULL,
    tariff_id integer NOT NULL,
    start_station_id integer NOT NULL,
    end_station_id integer,
    started_at timestamp(0) with time zone NOT NULL,
    ended_at timestamp(0) with time zone,
    distance_m integer,
    fare_eur numeric(7,2) DEFAULT 0 NOT NULL,
    trip_meta jsonb
);

COMMENT ON TABLE rental.ride IS 'One row per rental, opened when the bike leaves the dock';

ALTER TABLE ONLY rental.ride
    ADD CONSTRAINT ride_pkey PRIMARY KEY (ride_id);

CREATE INDEX ride_customer_id_idx ON rental.ride USING btree (customer_id);

CREATE INDEX ride_started_at_idx ON rental.ride USING btree (started_at);

ALTER TABLE ONLY rental.ride
    ADD CONSTRAINT ride_bike_id_fkey FOREIGN KEY (bike_id) REFERENCES rental.bike(bike_id) ON DELETE RESTRICT;

ALTER TABLE ONLY rental.ride
    ADD CONSTRAINT ride_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES rental.customer(customer_id) ON DELETE CASCADE;

ALTER TABLE ONLY rental.ride
    ADD CONSTRAINT ride_end_station_id_fkey FOREIGN KEY (end_station_id) REFERENCES rental.station(station_id) ON DELETE SET NULL;

ALTER TABLE ONLY rental.ride
    ADD CONSTRAINT ride_start_station_id_fkey FOREIGN KEY (start_station_id) REFERENCES rental.station(station_id) ON DELETE RESTRICT;
