# docs/isa-reference.md must equal `ventus isa-table --markdown` (the table is its only source).
# Lives beside the objdump tests because the same owner maintains the generated reference.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME isa_reference_doc_is_current
    COMMAND ${CMAKE_COMMAND} -DVENTUS=$<TARGET_FILE:ventus> -DDOC=${PROJECT_SOURCE_DIR}/docs/isa-reference.md
            -P ${CMAKE_CURRENT_LIST_FILE})
  return()
endif()
execute_process(COMMAND "${VENTUS}" isa-table --markdown OUTPUT_VARIABLE generated RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ventus isa-table --markdown exited with ${status}")
endif()
file(READ "${DOC}" committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "${DOC} is stale: regenerate it with `ventus isa-table --markdown > docs/isa-reference.md`")
endif()
