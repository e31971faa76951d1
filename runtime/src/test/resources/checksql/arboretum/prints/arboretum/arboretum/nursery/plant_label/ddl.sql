create or replace view ARBORETUM.NURSERY.PLANT_LABEL as
select plant_id, species_name, keeper_name as keeper from ARBORETUM.NURSERY.PLANT;
