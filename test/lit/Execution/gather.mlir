// Execution of tiny.index (gather along the leading axes) with ui8, i32 and
// i64 index tensors. The table is T (5, 2) with row r = [10(r+1), 10(r+1)+1],
// given as the input 10,11,20,21,30,31,40,41,50,51.
//
// Out-of-range indices: IndexOp's description does not say what an index
// outside [0, dim) reads; tinygrad's gather masks invalid indices, so these
// tests expect 0 for them (as the brief for these tests asks).
//
// Expected values, python3:
//   T = [[10 * (r + 1), 10 * (r + 1) + 1] for r in range(5)]
//   def row(i): return T[i] if 0 <= i < 5 else [0, 0]           # out of range reads 0
//   print("ui8 [4,0,2]:", [row(i) for i in [4, 0, 2]])
//   print("ui8 [1,1,3]:", [row(i) for i in [1, 1, 3]])
//   print("ui8 oob [5,0,255]:", [row(i) for i in [5, 0, 255]])
//   print("i32 [3,1,4]:", [row(i) for i in [3, 1, 4]])
//   print("i32 [x-10 for x in 14,10,7] =", [x - 10 for x in [14, 10, 7]], [row(x - 10) for x in [14, 10, 7]])
//   print("i32 oob [2, 1000000, 2147483647]:", [row(i) for i in [2, 1000000, 2147483647]])
//   I2 = [[4, 3], [0, 1]]
//   print("2-D index:", [[row(i) for i in r] for r in I2])
//   i0 = [0, 4, 2]; i1 = [1, 0]
//   print("two indices, i0 (3,1) x i1 (2,):", [[T[a][b] for b in i1] for a in i0])
//   print("i64 on doubled table [2, 0]:", [[2 * v for v in row(i)] for i in [2, 0]])

// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 4,0,2 | FileCheck %s --match-full-lines --check-prefix=UI8
// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 1,1,3 | FileCheck %s --match-full-lines --check-prefix=UI8B
// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 5,0,255 | FileCheck %s --match-full-lines --check-prefix=UI8OOB
// RUN: tiny-run %s --entry=gather_i32 -i 10,11,20,21,30,31,40,41,50,51 -i 3,1,4 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=gather_i32 -i 10,11,20,21,30,31,40,41,50,51 -i 2,1000000,2147483647 | FileCheck %s --match-full-lines --check-prefix=I32OOB
// RUN: tiny-run %s --entry=gather_i32_negative -i 10,11,20,21,30,31,40,41,50,51 -i 14,10,7 | FileCheck %s --match-full-lines --check-prefix=I32NEG
// RUN: tiny-run %s --entry=gather_2d_index -i 10,11,20,21,30,31,40,41,50,51 -i 4,3,0,1 | FileCheck %s --match-full-lines --check-prefix=IDX2D
// RUN: tiny-run %s --entry=gather_two_indices -i 10,11,20,21,30,31,40,41,50,51 -i 0,4,2 -i 1,0 | FileCheck %s --match-full-lines --check-prefix=TWO
// RUN: tiny-run %s --entry=gather_i64_computed -i 10,11,20,21,30,31,40,41,50,51 -i 2,0 | FileCheck %s --match-full-lines --check-prefix=I64

// RUN: tiny-run %s --entry=gather_256_ui8 -i "1000,1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024,1025,1026,1027,1028,1029,1030,1031, \
// RUN:   1032,1033,1034,1035,1036,1037,1038,1039,1040,1041,1042,1043,1044,1045,1046,1047,1048,1049,1050,1051,1052,1053,1054,1055,1056,1057,1058,1059,1060,1061,1062,1063, \
// RUN:   1064,1065,1066,1067,1068,1069,1070,1071,1072,1073,1074,1075,1076,1077,1078,1079,1080,1081,1082,1083,1084,1085,1086,1087,1088,1089,1090,1091,1092,1093,1094,1095, \
// RUN:   1096,1097,1098,1099,1100,1101,1102,1103,1104,1105,1106,1107,1108,1109,1110,1111,1112,1113,1114,1115,1116,1117,1118,1119,1120,1121,1122,1123,1124,1125,1126,1127, \
// RUN:   1128,1129,1130,1131,1132,1133,1134,1135,1136,1137,1138,1139,1140,1141,1142,1143,1144,1145,1146,1147,1148,1149,1150,1151,1152,1153,1154,1155,1156,1157,1158,1159, \
// RUN:   1160,1161,1162,1163,1164,1165,1166,1167,1168,1169,1170,1171,1172,1173,1174,1175,1176,1177,1178,1179,1180,1181,1182,1183,1184,1185,1186,1187,1188,1189,1190,1191, \
// RUN:   1192,1193,1194,1195,1196,1197,1198,1199,1200,1201,1202,1203,1204,1205,1206,1207,1208,1209,1210,1211,1212,1213,1214,1215,1216,1217,1218,1219,1220,1221,1222,1223, \
// RUN:   1224,1225,1226,1227,1228,1229,1230,1231,1232,1233,1234,1235,1236,1237,1238,1239,1240,1241,1242,1243,1244,1245,1246,1247,1248,1249,1250,1251,1252,1253,1254,1255" \
// RUN:   -i 200,255,128,127 | FileCheck %s --match-full-lines --check-prefix=BIG8
// RUN: tiny-run %s --entry=gather_256_i8 -i "1000,1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024,1025,1026,1027,1028,1029,1030,1031, \
// RUN:   1032,1033,1034,1035,1036,1037,1038,1039,1040,1041,1042,1043,1044,1045,1046,1047,1048,1049,1050,1051,1052,1053,1054,1055,1056,1057,1058,1059,1060,1061,1062,1063, \
// RUN:   1064,1065,1066,1067,1068,1069,1070,1071,1072,1073,1074,1075,1076,1077,1078,1079,1080,1081,1082,1083,1084,1085,1086,1087,1088,1089,1090,1091,1092,1093,1094,1095, \
// RUN:   1096,1097,1098,1099,1100,1101,1102,1103,1104,1105,1106,1107,1108,1109,1110,1111,1112,1113,1114,1115,1116,1117,1118,1119,1120,1121,1122,1123,1124,1125,1126,1127, \
// RUN:   1128,1129,1130,1131,1132,1133,1134,1135,1136,1137,1138,1139,1140,1141,1142,1143,1144,1145,1146,1147,1148,1149,1150,1151,1152,1153,1154,1155,1156,1157,1158,1159, \
// RUN:   1160,1161,1162,1163,1164,1165,1166,1167,1168,1169,1170,1171,1172,1173,1174,1175,1176,1177,1178,1179,1180,1181,1182,1183,1184,1185,1186,1187,1188,1189,1190,1191, \
// RUN:   1192,1193,1194,1195,1196,1197,1198,1199,1200,1201,1202,1203,1204,1205,1206,1207,1208,1209,1210,1211,1212,1213,1214,1215,1216,1217,1218,1219,1220,1221,1222,1223, \
// RUN:   1224,1225,1226,1227,1228,1229,1230,1231,1232,1233,1234,1235,1236,1237,1238,1239,1240,1241,1242,1243,1244,1245,1246,1247,1248,1249,1250,1251,1252,1253,1254,1255" \
// RUN:   -i 127,100,0,1 | FileCheck %s --match-full-lines --check-prefix=BIGI8
// RUN: tiny-run %s --entry=gather_256_wide -i "1000,1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024,1025,1026,1027,1028,1029,1030,1031, \
// RUN:   1032,1033,1034,1035,1036,1037,1038,1039,1040,1041,1042,1043,1044,1045,1046,1047,1048,1049,1050,1051,1052,1053,1054,1055,1056,1057,1058,1059,1060,1061,1062,1063, \
// RUN:   1064,1065,1066,1067,1068,1069,1070,1071,1072,1073,1074,1075,1076,1077,1078,1079,1080,1081,1082,1083,1084,1085,1086,1087,1088,1089,1090,1091,1092,1093,1094,1095, \
// RUN:   1096,1097,1098,1099,1100,1101,1102,1103,1104,1105,1106,1107,1108,1109,1110,1111,1112,1113,1114,1115,1116,1117,1118,1119,1120,1121,1122,1123,1124,1125,1126,1127, \
// RUN:   1128,1129,1130,1131,1132,1133,1134,1135,1136,1137,1138,1139,1140,1141,1142,1143,1144,1145,1146,1147,1148,1149,1150,1151,1152,1153,1154,1155,1156,1157,1158,1159, \
// RUN:   1160,1161,1162,1163,1164,1165,1166,1167,1168,1169,1170,1171,1172,1173,1174,1175,1176,1177,1178,1179,1180,1181,1182,1183,1184,1185,1186,1187,1188,1189,1190,1191, \
// RUN:   1192,1193,1194,1195,1196,1197,1198,1199,1200,1201,1202,1203,1204,1205,1206,1207,1208,1209,1210,1211,1212,1213,1214,1215,1216,1217,1218,1219,1220,1221,1222,1223, \
// RUN:   1224,1225,1226,1227,1228,1229,1230,1231,1232,1233,1234,1235,1236,1237,1238,1239,1240,1241,1242,1243,1244,1245,1246,1247,1248,1249,1250,1251,1252,1253,1254,1255" \
// RUN:   -i 18446744073709551615,4294967296,255 | FileCheck %s --match-full-lines --check-prefix=BIGU64

#cpu = #tiny.device<"CPU">

// UI8: [{{\[}}50, 51], [10, 11], [30, 31]] : tensor<3x2xf32>
// UI8B: [{{\[}}20, 21], [20, 21], [40, 41]] : tensor<3x2xf32>
// UI8OOB: [{{\[}}0, 0], [10, 11], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_ui8 -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : ui8 size 3 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%i] : tensor<5x2xf32, #cpu>, tensor<3xui8, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// I32: [{{\[}}40, 41], [20, 21], [50, 51]] : tensor<3x2xf32>
// I32OOB: [{{\[}}30, 31], [0, 0], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_i32 -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 3 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%i] : tensor<5x2xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// A negative index, computed as input - 10: [14, 10, 7] - 10 = [4, 0, -3];
// -3 is out of range and reads 0.
// I32NEG: [{{\[}}50, 51], [10, 11], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_i32_negative -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 3 on "CPU"
  %ten = tiny.const dense<10> : tensor<1xi32, #cpu>
  %j = tiny.sub %i, %ten : tensor<3xi32, #cpu>, tensor<1xi32, #cpu>
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%j] : tensor<5x2xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// A (2, 2) index tensor: the result is (2, 2) followed by the row axis (2).
// IDX2D: [{{\[}}[50, 51], [40, 41]], {{\[}}[10, 11], [20, 21]]] : tensor<2x2x2xf32>
tiny.function @gather_2d_index -> tensor<2x2x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 4 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %iv = tiny.reshape %i to [2, 2] : tensor<4xi32, #cpu>
  %y = tiny.index %tv[%iv] : tensor<5x2xf32, #cpu>, tensor<2x2xi32, #cpu>
  tiny.return %y : tensor<2x2x2xf32, #cpu>
}

// Two index tensors, i0 (3, 1) and i1 (2,), broadcast to S = (3, 2):
// result[a][b] = T[i0[a]][i1[b]].
// TWO: [{{\[}}11, 10], [51, 50], [31, 30]] : tensor<3x2xf32>
tiny.function @gather_two_indices -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i0 = tiny.param 1 : i32 size 3 on "CPU"
  %i1 = tiny.param 2 : i32 size 2 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %i0v = tiny.reshape %i0 to [3, 1] : tensor<3xi32, #cpu>
  %y = tiny.index %tv[%i0v, %i1] : tensor<5x2xf32, #cpu>, tensor<3x1xi32, #cpu>, tensor<2xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// i64 indices into a computed table, 2 T.
// I64: [{{\[}}60, 62], [20, 22]] : tensor<2x2xf32>
tiny.function @gather_i64_computed -> tensor<2x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i64 size 2 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %t2 = tiny.mul %tv, %two : tensor<5x2xf32, #cpu>, tensor<1x1xf32, #cpu>
  %y = tiny.index %t2[%i] : tensor<5x2xf32, #cpu>, tensor<2xi64, #cpu>
  tiny.return %y : tensor<2x2xf32, #cpu>
}

// A 256-row table, t[r] = 1000 + r (the input 1000..1255): a ui8 index
// reaches every row, so it must be zero-extended (200 as i8 would be -56).
// BIG8: [1200, 1255, 1128, 1127] : tensor<4xf32>
tiny.function @gather_256_ui8 -> tensor<4xf32, #cpu> {
  %t = tiny.param 0 : f32 size 256 on "CPU"
  %i = tiny.param 1 : ui8 size 4 on "CPU"
  %y = tiny.index %t[%i] : tensor<256xf32, #cpu>, tensor<4xui8, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

// An i8 index, [127, 100, 0, 1] -> t[127], t[100], t[0], t[1].
// BIGI8: [1127, 1100, 1000, 1001] : tensor<4xf32>
tiny.function @gather_256_i8 -> tensor<4xf32, #cpu> {
  %t = tiny.param 0 : f32 size 256 on "CPU"
  %i = tiny.param 1 : i8 size 4 on "CPU"
  %y = tiny.index %t[%i] : tensor<256xf32, #cpu>, tensor<4xi8, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

// ui64 indices must not be truncated: 2^64 - 1 and 2^32 are out of range
// (truncated to 32 bits they would be row 255 and row 0); 255 reads t[255].
// BIGU64: [0, 0, 1255] : tensor<3xf32>
tiny.function @gather_256_wide -> tensor<3xf32, #cpu> {
  %t = tiny.param 0 : f32 size 256 on "CPU"
  %i = tiny.param 1 : ui64 size 3 on "CPU"
  %y = tiny.index %t[%i] : tensor<256xf32, #cpu>, tensor<3xui64, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}
