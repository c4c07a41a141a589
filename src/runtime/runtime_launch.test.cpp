// placeholder: runtime_launch.test.cpp
