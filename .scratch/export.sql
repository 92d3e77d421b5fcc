with course_pc as materialized (select c.course_id, public.app_course_total(c.course_id) as total from (select public.app_primary_course() as course_id) c)
select u.id, u.first_name, u.last_name, u.email, u.phone, u.address, u.role, u.created_at, u.created_at::text as cursor_at,
  public.app_progress_percent(coalesce(u_cp.passed_lessons, 0::smallint), course_pc.total) as course_progress,
  public.app_is_course_completed(coalesce(u_cp.passed_lessons, 0::smallint), course_pc.total) as course_completed,
  coalesce(ms.completed_disciples, 0) as completed_disciples, coalesce(ms.direct_disciples - ms.completed_disciples, 0) as pending
from users u cross join course_pc left join course_progress u_cp on u_cp.user_id = u.id and u_cp.course_id = course_pc.course_id
left join mentor_stats ms on ms.user_id = u.id order by u.created_at desc, u.id desc
