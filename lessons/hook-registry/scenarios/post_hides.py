prompt = "Why did last night's job fail?"
replies = [
    [use("t1", "read_file", path="job.log")],
    [say("The last line says the disk was full.")],
]
