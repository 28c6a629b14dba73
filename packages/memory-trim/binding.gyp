{
  "targets": [
    {
      "target_name": "memory_trim",
      "sources": ["src/memory.cc"]
    }
  ]
}
