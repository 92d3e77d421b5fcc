with recursive course_pc as materialized (select c.course_id, public.app_course_total(c.course_id) as total from (select public.app_primary_course() as course_id) c),
tree(id, mentor_id, first_name, last_name, email) as (
  select id, mentor_id, first_name, last_name, email from users where email = 'bench.root@bench.example'
  union
  select d.id, d.mentor_id, d.first_name, d.last_name, d.email from users d join tree on d.mentor_id = tree.id
)
select u.id, u.mentor_id, u.first_name, u.last_name, u.email, public.app_progress_percent(coalesce(u_cp.passed_lessons, 0::smallint), course_pc.total) as progress
from tree u cross join course_pc left join course_progress u_cp on u_cp.user_id = u.id and u_cp.course_id = course_pc.course_id
