// Sanitizer test (docs/sanitizers.md): every work-group's first work-item writes its group
// id to one global element (a race between work-groups), or to its own element (clean).
__kernel void one_element(__global int* out) {
  if (get_local_id(0) == 0) out[0] = (int)get_group_id(0);
}

__kernel void own_element(__global int* out) {
  if (get_local_id(0) == 0) out[get_group_id(0)] = (int)get_group_id(0);
}
