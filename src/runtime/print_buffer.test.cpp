// placeholder: print_buffer.test.cpp
