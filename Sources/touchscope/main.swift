print("touchscope")
