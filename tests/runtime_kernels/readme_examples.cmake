# Runs the `ventus run` examples of README.md exactly as written (cmake -P script).
# -DREADME=... -DTOOL=... -DSOURCE_DIR=... -DWORK_DIR=...: copies tests/runtime_kernels into
# WORK_DIR (so the README's relative paths resolve), runs the block between the markers with
# V pointing at the built tool, and checks the outputs against hand-computed values.
file(READ ${README} text)
string(REGEX MATCH "<!-- ventus-run-examples:begin -->\n```sh\n(.*)```\n<!-- ventus-run-examples:end -->" found "${text}")
if(NOT found)
  message(FATAL_ERROR "README.md has no ventus-run-examples block")
endif()
set(block "${CMAKE_MATCH_1}")
string(REPLACE "V=build/release/tools/ventus/ventus" "V=${TOOL}" block "${block}")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/tests)
file(COPY ${SOURCE_DIR}/tests/runtime_kernels DESTINATION ${WORK_DIR}/tests)
file(WRITE ${WORK_DIR}/examples.sh "set -e\n${block}")
execute_process(COMMAND sh ${WORK_DIR}/examples.sh WORKING_DIRECTORY ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "README examples failed with ${rc}")
endif()
# add_scaled with k = 3: c[i] = 3 * a[i] + b[i] for a = 1..8, b = 10..80.
file(READ ${WORK_DIR}/c.txt c)
if(NOT c STREQUAL "13\n26\n39\n52\n65\n78\n91\n104\n")
  message(FATAL_ERROR "c.txt is\n${c}")
endif()
foreach(line "add_scaled: 2 work-groups, 2 warps"
             "[wg (0,0,0) thread 0] hello from group 0, local 0: x = 1"
             "[wg (1,0,0) thread 3] hello from group 1, local 3: x = 8")
  string(FIND "${out}" "${line}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "missing in the output: ${line}")
  endif()
endforeach()
