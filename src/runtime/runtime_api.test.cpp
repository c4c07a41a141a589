// placeholder: runtime_api.test.cpp
