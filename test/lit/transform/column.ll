; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; b gets blocks per strip (8192 iterations ahead); a[i][7], a page per
; iteration, gets its first 10 pages in a prolog loop, then one page 10 iterations
; ahead (eq. 1 over one iteration) and the page of the previous iteration
; released, in the original loop, and the last iteration's page after it.
; No call carries a null address: past the end (the last 10 iterations) only
; the release is called, in the first iteration only the prefetch.
; CHECK-LABEL: define dso_local void @column_mixed(
; CHECK:       oc.prolog:
; CHECK:         [[PAGE:%.*]] = mul i64 %oc.k, 4096
; CHECK-NEXT:    [[PADDR:%.*]] = getelementptr i8, ptr getelementptr inbounds (i8, ptr @a, i64 56), i64 [[PAGE]]
; CHECK-NEXT:    call void @oc_prefetch_block(ptr [[PADDR]], i64 1, i32 0, i32 [[TAG:%oc.tag[0-9]+]])
; CHECK:       oc.strip:
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag1)
; CHECK:       for.body:
; CHECK:         %oc.c = phi i64
; CHECK-NEXT:    %oc.ahead = add i64 %oc.c, 10
; CHECK-NEXT:    [[PFOK:%.*]] = icmp ult i64 %oc.ahead, 100000
; CHECK-NEXT:    [[NOTFIRST:%.*]] = icmp ne i64 %oc.c, 0
; CHECK-NEXT:    [[OFF:%.*]] = mul i64 %oc.ahead, 4096
; CHECK-NEXT:    [[PF:%.*]] = getelementptr i8, ptr getelementptr inbounds (i8, ptr @a, i64 56), i64 [[OFF]]
; CHECK-NEXT:    [[PREV:%.*]] = sub i64 %oc.c, 1
; CHECK-NEXT:    [[ROFF:%.*]] = mul i64 [[PREV]], 4096
; CHECK-NEXT:    [[REL:%.*]] = getelementptr i8, ptr getelementptr inbounds (i8, ptr @a, i64 56), i64 [[ROFF]]
; CHECK-NEXT:    br i1 [[PFOK]], label %oc.pf.ok{{[0-9]*}}, label %oc.pf.none{{[0-9]*}}
; CHECK:       oc.pf.ok{{[0-9]*}}:
; CHECK-NEXT:    br i1 [[NOTFIRST]], label %oc.both{{[0-9]*}}, label %oc.pf.only{{[0-9]*}}
; CHECK:       oc.both{{[0-9]*}}:
; CHECK-NEXT:    call void @oc_prefetch_release_block(ptr [[PF]], ptr [[REL]], i64 1, i32 0, i32 [[TAG]])
; CHECK:       oc.pf.only{{[0-9]*}}:
; CHECK-NEXT:    call void @oc_prefetch_block(ptr [[PF]], i64 1, i32 0, i32 [[TAG]])
; CHECK:       oc.pf.none{{[0-9]*}}:
; CHECK-NEXT:    br i1 [[NOTFIRST]], label %oc.rel.only{{[0-9]*}}, label %oc.pf.none.done{{[0-9]*}}
; CHECK:       oc.rel.only{{[0-9]*}}:
; CHECK-NEXT:    call void @oc_release_block(ptr [[REL]], i64 1, i32 0, i32 [[TAG]])
; CHECK-NOT:     select i1 {{.*}}, ptr null
; CHECK:       oc.hinted{{[0-9]*}}:
; CHECK:       for.end.loopexit:
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %oc.pages{{[0-9]*}}, i32 0, i32 %oc.tag1)
; CHECK:         [[LAST:%.*]] = sub i64 %oc.e.last, 1
; CHECK:         [[LOFF:%.*]] = mul i64 [[LAST]], 4096
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 1, i32 0, i32 [[TAG]])
; REMARK:      Name: Prefetched
; REMARK:        - Array: b
; REMARK:      Name: Prefetched
; REMARK:        - Array: a
; REMARK:        - Pages: '1'
; REMARK:        - Distance: '10'
;
; // A column of a (one page per row: a stride of a page) walked together with
; // the dense b (benchmarks/kernels/column.c mixed with a stream): b in blocks
; // per strip, a[i][7] a page per iteration, its page d iterations ahead and
; // the previous row's page released, the last one after the loop.
; double a[100000][512];
; double b[100000];
; 
; void column_mixed(void) {
;   for (long i = 0; i < 100000; i++)
;     b[i] = b[i] + a[i][7];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@b = dso_local global [100000 x double] zeroinitializer, align 16
@a = dso_local global [100000 x [512 x double]] zeroinitializer, align 16

define dso_local void @column_mixed() #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %entry, %for.body
  %i.01 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds [100000 x double], ptr @b, i64 0, i64 %i.01
  %0 = load double, ptr %arrayidx, align 8
  %arrayidx2 = getelementptr inbounds [100000 x [512 x double]], ptr @a, i64 0, i64 %i.01, i64 7
  %1 = load double, ptr %arrayidx2, align 8
  %add = fadd double %0, %1
  %arrayidx3 = getelementptr inbounds [100000 x double], ptr @b, i64 0, i64 %i.01
  store double %add, ptr %arrayidx3, align 8
  %inc = add nuw nsw i64 %i.01, 1
  %cmp = icmp ult i64 %inc, 100000
  br i1 %cmp, label %for.body, label %for.end, !llvm.loop !6

for.end:                                          ; preds = %for.body
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
