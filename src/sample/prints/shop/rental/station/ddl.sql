CREATE TABLE rental.station (
    station_id integer NOT NULL,
    station_code character varying(8) NOT NULL,
    label character varying(80) NOT NULL,
    capacity smallint NOT NULL,
    opened_on date NOT NULL,
    access_note text,
    is_active boolean DEFAULT true NOT NULL
);

COMMENT ON COLUMN rental.station.capacity IS 'Docks installed, not bikes present';

ALTER TABLE ONLY rental.station
    ADD CONSTRAINT station_pkey PRIMARY KEY (station_id);

ALTER TABLE ONLY rental.station
    ADD CONSTRAINT station_station_code_key UNIQUE (station_code);
