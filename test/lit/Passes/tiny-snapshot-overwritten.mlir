// RUN: tiny-opt %s -split-input-file -tiny-snapshot-overwritten | FileCheck %s

#cpu = #tiny.device<"CPU">

// `old` reads the param the store overwrites, not through an after: it
// reads a copy taken where the param is defined. The stored value's own
// read of the param and the after's source stay.
// CHECK-LABEL: tiny.function @read_after_store_in_program_order
// CHECK-NEXT: %[[P:.*]] = tiny.param 0
// CHECK-NEXT: %[[SNAP:.*]] = tiny.contiguous %[[P]]
// CHECK: %[[V:.*]] = tiny.add %[[P]], %{{.*}}
// CHECK-NEXT: %[[T:.*]] = tiny.store %[[P]], %[[V]]
// CHECK-NEXT: %[[A:.*]] = tiny.after %[[P]](%[[T]])
// CHECK: %[[OLD:.*]] = tiny.mul %[[SNAP]], %{{.*}}
// CHECK-NEXT: tiny.add %[[A]], %[[OLD]]
tiny.function @read_after_store_in_program_order -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %p, %one : tensor<4xf32, #cpu>
  %t = tiny.store %p, %v : tensor<4xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %old = tiny.mul %p, %two : tensor<4xf32, #cpu>
  %r = tiny.add %a, %old : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// An update in place (w.assign(w + 1)) reads the param only for the stored
// value: no copy.
// CHECK-LABEL: tiny.function @update_in_place
// CHECK-NOT: tiny.contiguous
// CHECK: tiny.return
tiny.function @update_in_place -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %p, %one : tensor<4xf32, #cpu>
  %t = tiny.store %p, %v : tensor<4xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A value that both the store and a later reader use (`doubled`), and the
// param returned as it is: both read the copy, so the store reads it too.
// CHECK-LABEL: tiny.function @shared_and_returned
// CHECK-NEXT: %[[P:.*]] = tiny.param 0
// CHECK-NEXT: %[[SNAP:.*]] = tiny.contiguous %[[P]]
// CHECK: %[[D:.*]] = tiny.mul %[[SNAP]], %{{.*}}
// CHECK-NEXT: %[[T:.*]] = tiny.store %[[P]], %[[D]]
// CHECK: tiny.tuple %[[SNAP]], %[[D]], %{{.*}}
tiny.function @shared_and_returned -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %d = tiny.mul %p, %two : tensor<4xf32, #cpu>
  %t = tiny.store %p, %d : tensor<4xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<4xf32, #cpu>, !tiny.token
  %r = tiny.tuple %p, %d, %a : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %r : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// Two stores into the buffer, the second reading the first's after: the
// after is the buffer at a later point, not a read before the stores.
// CHECK-LABEL: tiny.function @chained_stores
// CHECK-NOT: tiny.contiguous
// CHECK: tiny.return
tiny.function @chained_stores -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %p, %one : tensor<4xf32, #cpu>
  %t = tiny.store %p, %v : tensor<4xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<4xf32, #cpu>, !tiny.token
  %w = tiny.add %a, %one : tensor<4xf32, #cpu>
  %t2 = tiny.store %p, %w : tensor<4xf32, #cpu>
  %a2 = tiny.after %p(%t2) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a2 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A chain of two assigns: `m` reads w after the first store, which the
// second overwrites, so it reads a copy taken right after the first after.
// The second stored value's own read of that after stays.
// CHECK-LABEL: tiny.function @read_of_an_overwritten_after
// CHECK: %[[A1:.*]] = tiny.after
// CHECK-NEXT: %[[SNAP:.*]] = tiny.contiguous %[[A1]]
// CHECK: tiny.mul %[[A1]], %{{.*}}
// CHECK: %[[A2:.*]] = tiny.after
// CHECK: %[[M:.*]] = tiny.mul %[[SNAP]], %{{.*}}
// CHECK-NEXT: tiny.tuple %[[M]], %[[A2]]
tiny.function @read_of_an_overwritten_after -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v1 = tiny.add %w, %one : tensor<4xf32, #cpu>
  %t1 = tiny.store %w, %v1 : tensor<4xf32, #cpu>
  %a1 = tiny.after %w(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %three = tiny.const dense<3.0> : tensor<4xf32, #cpu>
  %v2 = tiny.mul %a1, %three : tensor<4xf32, #cpu>
  %t2 = tiny.store %w, %v2 : tensor<4xf32, #cpu>
  %a2 = tiny.after %w(%t2) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %m = tiny.mul %a1, %two : tensor<4xf32, #cpu>
  %r = tiny.tuple %m, %a2 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %r : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}
