CREATE TABLE rental.bike (
    bike_id integer NOT NULL,
    frame_number character varying(20) NOT NULL,
    model character varying(40) NOT NULL,
    is_electric boolean NOT NULL,
    frame_size character varying(3) NOT NULL,
    home_station_id integer NOT NULL,
    commissioned_on date NOT NULL,
    odometer_km integer DEFAULT '-1'::integer NOT NULL,
    status character varying(12) DEFAULT 'in_service'::character varying NOT NULL,
    CONSTRAINT bike_frame_size_check CHECK (((frame_size)::text = ANY ((ARRAY['S'::character varying, 'M'::character varying, 'L'::character varying, 'XL'::character varying])::text[])))
);

COMMENT ON COLUMN rental.bike.odometer_km IS '-1 until the first workshop reading';

ALTER TABLE ONLY rental.bike
    ADD CONSTRAINT bike_frame_number_key UNIQUE (frame_number);

ALTER TABLE ONLY rental.bike
    ADD CONSTRAINT bike_pkey PRIMARY KEY (bike_id);

CREATE INDEX bike_home_station_id_idx ON rental.bike USING btree (home_station_id);

ALTER TABLE ONLY rental.bike
    ADD CONSTRAINT bike_home_station_id_fkey FOREIGN KEY (home_station_id) REFERENCES rental.station(station_id) ON DELETE RESTRICT;
