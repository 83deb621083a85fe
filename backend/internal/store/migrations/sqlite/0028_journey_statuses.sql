-- Journey statuses in the spec's values (spec 3 §3.3; package journeys): the review status as
-- its number ('1' None … '5' NoChangesReported), the fact-find status '0', '1' or '2', the robo
-- journey's type investment / retirement_health_check and its status in snake case. Earlier
-- imports kept the back office's labels ("Due", "Complete", "In Progress"); they are mapped here
-- once, and the importer maps them from now on.
UPDATE entity SET xpt_review_status = CASE lower(replace(xpt_review_status, ' ', ''))
    WHEN 'inprogress' THEN '2' WHEN 'due' THEN '2' WHEN '2' THEN '2'
    WHEN 'followuprequired' THEN '3' WHEN '3' THEN '3'
    WHEN 'changesreported' THEN '4' WHEN '4' THEN '4'
    WHEN 'nochangesreported' THEN '5' WHEN 'complete' THEN '5' WHEN 'completed' THEN '5' WHEN '5' THEN '5'
    ELSE '1' END;
UPDATE entity SET fact_find_status = CASE lower(replace(fact_find_status, ' ', ''))
    WHEN '1' THEN '1' WHEN 'awaiting' THEN '1' WHEN 'sent' THEN '1' WHEN 'due' THEN '1'
    WHEN '2' THEN '2' WHEN 'inprogress' THEN '2'
    ELSE '0' END;
UPDATE entity SET robo_journey_type = '', robo_journey_status = ''
    WHERE lower(robo_journey_type) NOT IN ('investment', 'retirement_health_check');
UPDATE entity SET robo_journey_type = lower(robo_journey_type),
    robo_journey_status = CASE lower(replace(robo_journey_status, ' ', '_'))
        WHEN 'enabled' THEN 'enabled' WHEN 'in_progress' THEN 'in_progress'
        WHEN 'follow_up_requested' THEN 'follow_up_requested' WHEN 'declined' THEN 'declined'
        ELSE 'none' END
    WHERE robo_journey_type <> '';
