// placeholder: vt_api.test.cpp
