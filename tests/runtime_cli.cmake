# `ventus run` command-line tests: the README examples exactly as written, and every error.
add_test(NAME runtime_cli/readme_examples
         COMMAND ${CMAKE_COMMAND} -DREADME=${PROJECT_SOURCE_DIR}/README.md
                 -DTOOL=$<TARGET_FILE:ventus> -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
                 -DWORK_DIR=${PROJECT_BINARY_DIR}/runtime_readme_examples
                 -P ${CMAKE_CURRENT_LIST_DIR}/runtime_kernels/readme_examples.cmake)

set(_rk ${CMAKE_CURRENT_LIST_DIR}/runtime_kernels)
set(_add $<TARGET_FILE:ventus> run ${_rk}/add_scaled.s --kernel add_scaled)
set(_abc --arg buf:in:${_rk}/a.txt --arg buf:in:${_rk}/b.txt)
set(_out ${PROJECT_BINARY_DIR}/runtime_cli_c.bin)
# name | expected output (regex) | command
function(ventus_runtime_cli_test name regex)
  add_test(NAME runtime_cli/${name} COMMAND ${ARGN})
  set_tests_properties(runtime_cli/${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
endfunction()
ventus_runtime_cli_test(unknown_kernel "no kernel 'nope' in .*; kernels: add_scaled"
  $<TARGET_FILE:ventus> run ${_rk}/add_scaled.s --kernel nope --global 8)
ventus_runtime_cli_test(unknown_arg_kind "--arg 1 'ptr:3': unknown argument kind 'ptr'"
  ${_add} --global 8 --arg ptr:3)
ventus_runtime_cli_test(bad_value "--arg 1 'u32:-1': '-1' is not a valid value"
  ${_add} --global 8 --arg u32:-1)
ventus_runtime_cli_test(out_without_size "expected buf:out:FILE:SIZE"
  ${_add} --global 8 --arg buf:out:${_out})
ventus_runtime_cli_test(missing_input "cannot open input file '/nonexistent.txt'"
  ${_add} --global 8 --arg buf:in:/nonexistent.txt)
ventus_runtime_cli_test(not_a_multiple "global size 8 is not a multiple of local size 3"
  ${_add} --global 8 --local 3 ${_abc} --arg buf:out:${_out}:32 --arg i32:1)
ventus_runtime_cli_test(local_too_large "local size of 512 threads exceeds the device maximum of 256"
  ${_add} --global 512 --local 512 ${_abc} --arg buf:out:${_out}:32 --arg i32:1)
ventus_runtime_cli_test(guest_fault "kernel 'add_scaled': work-group 1 .*access fault"
  ${_add} --global 16 --local 8 ${_abc} --arg buf:out:${_out}:64 --arg i32:1 --memcheck strict)
# The same launch with the default run.memcheck = report: it runs on flat memory and one
# line per pc says what went outside the 8-element buffers (docs/memcheck.md).
ventus_runtime_cli_test(memcheck_report
  "memcheck: kernel 'add_scaled': pc 0x[0-9a-f]+ \\[vlw12.v v4, 0\\(v4\\)\\]: 8 reads of 4 bytes outside every buffer, first at 0x[0-9a-f]+ \\(lane 0, work-group 1 \\(1, 0, 0\\), warp 0\\): read of address 0x[0-9a-f]+ \\(4 bytes\\) is outside every mapped buffer; nearest is .buffer 0."
  ${_add} --global 16 --local 8 ${_abc} --arg buf:out:${_out}:64 --arg i32:1)
ventus_runtime_cli_test(bad_config "--set warps=4: unknown parameter .warps."
  ${_add} --global 8 --set warps=4)
ventus_runtime_cli_test(raw_output_and_log "add_scaled: 1 work-group, 1 warp, [0-9]+ warp-instructions"
  ${_add} --global 8 --local 8 ${_abc} --arg buf:out:${_out}:32 --arg i32:2
  --config ${PROJECT_SOURCE_DIR}/configs/default.toml --log ${PROJECT_BINARY_DIR}/runtime_cli.log)
ventus_runtime_cli_test(ref_compat "add_scaled: 2 work-groups"
  ${_add} --global 8 --local 4 ${_abc} --arg buf:out:${_out}:32 --arg i32:2 --ref-compat)
ventus_runtime_cli_test(printf_several_groups
  "wg \\(0,0,0\\) thread 7\\] hello from group 0, local 7: x = 8.*wg \\(1,0,0\\) thread 0\\] hello from group 1, local 0: x = 10"
  $<TARGET_FILE:ventus> run ${_rk}/hello_printf.s --kernel hello_printf --global 16 --local 8
  --arg buf:in:${_rk}/abc16.txt)
