# chimera_module(NAME [DEPS dep...])
#
# Declares the static library chimera_NAME from every .c file in the calling
# folder. Sources are globbed so that adding a file to a module never means
# editing a shared build file. A module with no sources yet is an INTERFACE
# library, so dependents still link.
function(chimera_module name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.c")
  if(sources)
    add_library(chimera_${name} STATIC ${sources})
    target_include_directories(chimera_${name} PUBLIC ${CMAKE_SOURCE_DIR})
    target_link_libraries(chimera_${name} PUBLIC ${ARG_DEPS})
  else()
    add_library(chimera_${name} INTERFACE)
    target_include_directories(chimera_${name} INTERFACE ${CMAKE_SOURCE_DIR})
    target_link_libraries(chimera_${name} INTERFACE ${ARG_DEPS})
  endif()
endfunction()
