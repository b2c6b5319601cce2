// CLaunchABI is headers only; SwiftPM needs one source file per C target.
#include "CLaunchABI.h"
