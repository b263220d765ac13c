print("logview")
