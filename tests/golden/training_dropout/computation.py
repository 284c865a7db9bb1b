import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(attn_in_proj_bias, attn_in_proj_weight, out_proj_bias, out_proj_weight, x, tokens):
  # attn_in_proj_bias: "cpu f32[24]"
  # attn_in_proj_weight: "cpu f32[24, 8]"
  # out_proj_bias: "cpu f32[8]"
  # out_proj_weight: "cpu f32[8, 8]"
  # x: "cpu f32[4, 8]"
  # tokens: "cpu f32[5, 2, 8]"
  # a = drop(x)
  a = torch.nn.functional.dropout(x, 0.25, True, False)  # a: "cpu f32[4, 8]"
  # y = x.clone()
  y = torch.clone(x)  # y: "cpu f32[4, 8]"
  # c = drop_inplace(y)
  c = torch.nn.functional.dropout(y, 0.5, True)  # c: "cpu f32[4, 8]"
  # d = attn(tokens, tokens, tokens)
  d = torch.nn.functional.linear(tokens, attn_in_proj_weight, attn_in_proj_bias)  # d: "cpu f32[5, 2, 24]"
  d_1 = torch.unflatten(d, -1, (3, 8))  # d_1: "cpu f32[5, 2, 3, 8]"
  d_2 = torch.unsqueeze(d_1, 0)  # d_2: "cpu f32[1, 5, 2, 3, 8]"
  d_3 = torch.transpose(d_2, 0, -2)  # d_3: "cpu f32[3, 5, 2, 1, 8]"
  d_4 = torch.squeeze(d_3, -2)  # d_4: "cpu f32[3, 5, 2, 8]"
  d_5 = torch.Tensor.contiguous(d_4)  # d_5: "cpu f32[3, 5, 2, 8]"
  d_6 = operator.getitem(d_5, 0)  # d_6: "cpu f32[5, 2, 8]"
  d_7 = operator.getitem(d_5, 1)  # d_7: "cpu f32[5, 2, 8]"
  d_8 = operator.getitem(d_5, 2)  # d_8: "cpu f32[5, 2, 8]"
  d_9 = torch.Tensor.view(d_6, (5, 4, 4))  # d_9: "cpu f32[5, 4, 4]"
  d_10 = torch.transpose(d_9, 0, 1)  # d_10: "cpu f32[4, 5, 4]"
  d_11 = torch.Tensor.view(d_7, (5, 4, 4))  # d_11: "cpu f32[5, 4, 4]"
  d_12 = torch.transpose(d_11, 0, 1)  # d_12: "cpu f32[4, 5, 4]"
  d_13 = torch.Tensor.view(d_8, (5, 4, 4))  # d_13: "cpu f32[5, 4, 4]"
  d_14 = torch.transpose(d_13, 0, 1)  # d_14: "cpu f32[4, 5, 4]"
  d_15 = torch.mul(d_10, 0.5)  # d_15: "cpu f32[4, 5, 4]"
  d_16 = torch.transpose(d_12, -2, -1)  # d_16: "cpu f32[4, 4, 5]"
  d_17 = torch.bmm(d_15, d_16)  # d_17: "cpu f32[4, 5, 5]"
  d_18 = torch.softmax(d_17, -1)  # d_18: "cpu f32[4, 5, 5]"
  d_19 = torch.nn.functional.dropout(d_18, p=0.5)  # d_19: "cpu f32[4, 5, 5]"
  d_20 = torch.bmm(d_19, d_14)  # d_20: "cpu f32[4, 5, 4]"
  d_21 = torch.transpose(d_20, 0, 1)  # d_21: "cpu f32[5, 4, 4]"
  d_22 = torch.Tensor.contiguous(d_21)  # d_22: "cpu f32[5, 4, 4]"
  d_23 = torch.Tensor.view(d_22, (10, 8))  # d_23: "cpu f32[10, 8]"
  d_24 = torch.nn.functional.linear(d_23, out_proj_weight, out_proj_bias)  # d_24: "cpu f32[10, 8]"
  d_25 = torch.Tensor.view(d_24, (5, 2, 8))  # d_25: "cpu f32[5, 2, 8]"
  d_26 = torch.Tensor.view(d_19, (2, 2, 5, 5))  # d_26: "cpu f32[2, 2, 5, 5]"
  d_27 = torch.mean(d_26, dim=1)  # d_27: "cpu f32[2, 5, 5]"
  # e = attn(tokens, tokens, tokens, need_weights=False)
  e_15 = torch.Tensor.view(d_10, (2, 2, 5, 4))  # e_15: "cpu f32[2, 2, 5, 4]"
  e_16 = torch.Tensor.view(d_12, (2, 2, 5, 4))  # e_16: "cpu f32[2, 2, 5, 4]"
  e_17 = torch.Tensor.view(d_14, (2, 2, 5, 4))  # e_17: "cpu f32[2, 2, 5, 4]"
  e_18 = torch.nn.functional.scaled_dot_product_attention(e_15, e_16, e_17, None, 0.5, False)  # e_18: "cpu f32[2, 2, 5, 4]"
  e_19 = torch.permute(e_18, (2, 0, 1, 3))  # e_19: "cpu f32[5, 2, 2, 4]"
  e_20 = torch.Tensor.contiguous(e_19)  # e_20: "cpu f32[5, 2, 2, 4]"
  e_21 = torch.Tensor.view(e_20, (10, 8))  # e_21: "cpu f32[10, 8]"
  e_22 = torch.nn.functional.linear(e_21, out_proj_weight, out_proj_bias)  # e_22: "cpu f32[10, 8]"
  e_23 = torch.Tensor.view(e_22, (5, 2, 8))  # e_23: "cpu f32[5, 2, 8]"
  return (a, c, d_25, d_27, e_23)
